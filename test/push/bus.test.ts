import { describe, expect, test, vi } from 'vitest';
import { createPushBus, publish, type PushEvent } from '../../main/push/bus.js';

const delivered: PushEvent = { type: 'shipment', id: 7, status: 'DELIVERED' };

describe('push bus', () => {
  test('every subscriber gets each event in order; unsubscribe stops it', () => {
    const bus = createPushBus();
    const a: PushEvent[] = [];
    const b: PushEvent[] = [];
    const offA = bus.subscribe((e) => a.push(e));
    bus.subscribe((e) => b.push(e));
    expect(bus.listeners).toBe(2);
    bus.publish(delivered);
    bus.publish({ type: 'progress', job: 'report', done: 3, total: 10, phase: 'rows', state: 'running' });
    offA();
    bus.publish({ type: 'shipment', id: 8, status: 'NOT_DELIVERED' });
    expect(a).toEqual([delivered, { type: 'progress', job: 'report', done: 3, total: 10, phase: 'rows', state: 'running' }]);
    expect(b.map((e) => e.type)).toEqual(['shipment', 'progress', 'shipment']);
    expect(bus.listeners).toBe(1);
  });

  test('a failing listener neither stops the others nor the publisher', () => {
    const bus = createPushBus();
    const seen: number[] = [];
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    bus.subscribe(() => {
      throw new Error('window closed');
    });
    bus.subscribe((e) => seen.push(e.type === 'shipment' ? e.id : -1));
    expect(() => bus.publish(delivered)).not.toThrow();
    expect(seen).toEqual([7]);
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });

  test('a listener that unsubscribes while an event is delivered does not skip the next one', () => {
    const bus = createPushBus();
    const seen: string[] = [];
    const off = bus.subscribe(() => {
      seen.push('first');
      off();
    });
    bus.subscribe(() => seen.push('second'));
    bus.publish(delivered);
    expect(seen).toEqual(['first', 'second']);
  });

  test('publish on a context without a bus is a no-op', () => {
    expect(() => publish({}, delivered)).not.toThrow();
    const bus = createPushBus();
    const seen: PushEvent[] = [];
    bus.subscribe((e) => seen.push(e));
    publish({ push: bus }, delivered);
    expect(seen).toEqual([delivered]);
  });
});
