import { TEXT_SIZES, useTextSize, type TextSize } from '../state/text-size';

/** The whole UI's text size, from the top bar: for the back of a class. */
export function TextSizeControl() {
  const { size, setSize } = useTextSize();
  return (
    <label className="topbar-text-size" title="Text size of the whole app (kept)">
      <span aria-hidden="true">A</span>
      <select aria-label="Text size" value={size} onChange={(e) => setSize(Number(e.target.value) as TextSize)} data-testid="text-size">
        {TEXT_SIZES.map((s) => (
          <option key={s} value={s}>
            {s} %
          </option>
        ))}
      </select>
    </label>
  );
}
