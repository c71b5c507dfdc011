/** The page flow of the direct layout: the pages so far, the current page's items, and the y where the next block goes. */
import { MARGIN_B, MARGIN_T, PAGE_H, PAGE_W } from '../layout';
import type { DisplayPage, DrawItem } from './display-list';

export class Flow {
  readonly pages: DisplayPage[] = [];
  items: DrawItem[] = [];
  y = MARGIN_T;
  readonly bottom = PAGE_H - MARGIN_B;

  constructor() {
    this.newPage();
  }

  newPage(): void {
    this.items = [];
    this.pages.push({ width: PAGE_W, height: PAGE_H, items: this.items });
    this.y = MARGIN_T;
  }

  /** Room left above the bottom margin. */
  room(): number {
    return this.bottom - this.y;
  }
}
