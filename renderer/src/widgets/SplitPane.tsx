import type { KeyboardEvent, PointerEvent, ReactNode, RefObject } from 'react';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { readSplitPercent, writeSplitPercent } from './split-storage';
import './split-pane.css';

interface SplitPaneProps {
  /** Names the remembered split (psd2wb.split.<persistAs>); one per screen. */
  persistAs: string;
  /** What the handle separates, read out by screen readers. */
  label: string;
  /** The first pane's share of the width, in percent, until the user moves the handle. */
  defaultPercent: number;
  /** Neither pane may become narrower than this; a pane narrower than its content is unusable. */
  minStartPx: number;
  minEndPx: number;
  className?: string;
  /** The first and the second pane. */
  children: [ReactNode, ReactNode];
}

const KEY_STEP_PX = 16;
const SHIFT_KEY_STEP_PX = 96;

interface Drag {
  fromX: number;
  fromPx: number;
  percent?: number;
}

/**
 * Two panes side by side with a handle between them that the mouse drags and the arrow keys
 * move (the WAI-ARIA window splitter). The first pane's share is kept as a percentage so the
 * split follows the window, and bounded in pixels so neither pane collapses.
 */
export function SplitPane({ persistAs, label, defaultPercent, minStartPx, minEndPx, className, children }: SplitPaneProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<HTMLDivElement>(null);
  const startRef = useRef<HTMLDivElement>(null);
  const dragRef = useRef<Drag | null>(null);
  const startId = useId();
  // The user's choice stays as chosen while a narrow window overrides it, and returns when the window widens.
  const [preferred, setPreferred] = useState(() => readSplitPercent(persistAs) ?? defaultPercent);
  const [dragging, setDragging] = useState(false);
  const available = useAvailableWidth(containerRef, handleRef);
  const bounds = percentBounds(available, minStartPx, minEndPx);
  const percent = clamp(preferred, bounds);

  const choose = (next: number): number => {
    const bounded = clamp(next, bounds);
    setPreferred(bounded);
    return bounded;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>): void => {
    if (event.button !== 0 || available <= 0 || !startRef.current) return;
    // Captured, the drag keeps following the pointer over the panes' content and outside the window.
    event.currentTarget.setPointerCapture(event.pointerId);
    dragRef.current = { fromX: event.clientX, fromPx: startRef.current.getBoundingClientRect().width };
    setDragging(true);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>): void => {
    const drag = dragRef.current;
    if (!drag) return;
    drag.percent = choose(((drag.fromPx + event.clientX - drag.fromX) / available) * 100);
  };

  const endDrag = (): void => {
    const drag = dragRef.current;
    if (!drag) return;
    dragRef.current = null;
    setDragging(false);
    // Stored once per drag rather than on every pointer move.
    if (drag.percent !== undefined) writeSplitPercent(persistAs, drag.percent);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (available <= 0) return;
    const stepPercent = ((event.shiftKey ? SHIFT_KEY_STEP_PX : KEY_STEP_PX) / available) * 100;
    const target = {
      ArrowLeft: percent - stepPercent,
      ArrowRight: percent + stepPercent,
      Home: bounds.min,
      End: bounds.max,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    writeSplitPercent(persistAs, choose(target));
  };

  const reset = (): void => {
    setPreferred(defaultPercent);
    writeSplitPercent(persistAs, undefined);
  };

  const [start, end] = children;
  const classes = ['split-pane', dragging && 'split-pane-dragging', className].filter(Boolean).join(' ');
  return (
    <div ref={containerRef} className={classes}>
      <div ref={startRef} id={startId} className="split-pane-start" style={{ flexGrow: percent }}>
        {start}
      </div>
      <div
        ref={handleRef}
        className="split-handle"
        role="separator"
        aria-orientation="vertical"
        aria-label={label}
        aria-controls={startId}
        aria-valuenow={Math.round(percent)}
        aria-valuemin={Math.round(bounds.min)}
        aria-valuemax={Math.round(bounds.max)}
        tabIndex={0}
        title="Drag or use ← → to resize; double-click to reset"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onLostPointerCapture={endDrag}
        onKeyDown={onKeyDown}
        onDoubleClick={reset}
      />
      <div className="split-pane-end" style={{ flexGrow: 100 - percent }}>
        {end}
      </div>
    </div>
  );
}

interface Bounds {
  min: number;
  max: number;
}

/** The first pane's allowed share, in percent, of the width left beside the handle. */
function percentBounds(available: number, minStartPx: number, minEndPx: number): Bounds {
  if (available <= 0) return { min: 0, max: 100 };
  const min = (minStartPx / available) * 100;
  const max = 100 - (minEndPx / available) * 100;
  if (max >= min) return { min, max };
  // Too narrow for both minimums: shrink both alike rather than hide one.
  const share = (minStartPx / (minStartPx + minEndPx)) * 100;
  return { min: share, max: share };
}

function clamp(percent: number, { min, max }: Bounds): number {
  return Math.min(max, Math.max(min, percent));
}

/** The container's width without the handle, kept current as the window resizes; 0 until laid out. */
function useAvailableWidth(containerRef: RefObject<HTMLDivElement | null>, handleRef: RefObject<HTMLDivElement | null>): number {
  const [available, setAvailable] = useState(0);
  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const measure = (): void => setAvailable(Math.max(0, container.clientWidth - (handleRef.current?.offsetWidth ?? 0)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(container);
    return () => observer.disconnect();
  }, [containerRef, handleRef]);
  return available;
}
