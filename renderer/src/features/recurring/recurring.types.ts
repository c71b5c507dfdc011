import type { ItemOf, OutputOf } from '../../api/op-types';

export type Series = OutputOf<'recurring.get'>;
export type SeriesListItem = ItemOf<'recurring.list'>;
