/**
 * Resident memory while a load runs. One reading is a moment of a figure that moves by tens of MiB with the
 * collector (163 to 203 MiB within one run of signed payments, 2026-11-29): the load's second half is sampled
 * instead, and its median is the figure a target judges; the highest reading is printed beside it.
 */
import { rssBytes } from './processes';
import { median } from './report';

const EVERY_MS = 250;

export interface RssSpread {
  /** Of the readings in the load's second half. */
  median: number;
  max: number;
  readings: number;
}

export async function rssWhile<T>(pid: number | undefined, work: () => Promise<T>): Promise<{ result: T; rss: RssSpread }> {
  const readings: number[] = [];
  const timer = setInterval(() => readings.push(rssBytes(pid)), EVERY_MS);
  try {
    const result = await work();
    const late = readings.slice(Math.floor(readings.length / 2));
    return { result, rss: { median: median(late), max: Math.max(...late), readings: late.length } };
  } finally {
    clearInterval(timer);
  }
}
