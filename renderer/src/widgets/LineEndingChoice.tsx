import type { LineEnding } from '../state/request-draft';

const ENDING_WORDS = { CRLF: 'CRLF (\\r\\n)', LF: 'LF (\\n)', mixed: 'mixed', none: 'no' } as const;

interface Props {
  /** The radio group's name, unique on the page. */
  name: string;
  chosen: LineEnding;
  onChoose(ending: LineEnding): void;
  /** The line endings of the body as it came (prepared or logged). */
  original: keyof typeof ENDING_WORDS;
  /** "prepared" or "logged": where the body came from. */
  source: string;
  edited: boolean;
  /** What an unedited body is sent as, e.g. "exactly as prepared". */
  unedited: string;
  testId?: string;
}

/**
 * The explicit line-ending choice of an edited body: a textarea turns CRLF into LF, so an edited body
 * is sent with the endings chosen here, an unedited one byte for byte as it came.
 */
export function LineEndingChoice({ name, chosen, onChoose, original, source, edited, unedited, testId }: Props) {
  return (
    <fieldset className="line-endings">
      <legend>Line endings</legend>
      {(['CRLF', 'LF'] as const).map((ending) => (
        <label key={ending}>
          <input type="radio" name={name} checked={chosen === ending} onChange={() => onChoose(ending)} />
          {ENDING_WORDS[ending]}
        </label>
      ))}
      <span className="muted small-text" data-testid={testId}>
        The {source} body has {ENDING_WORDS[original]} line endings.{' '}
        {edited ? 'Edited: sent with the line endings chosen here.' : `Unedited: sent ${unedited}.`}
      </span>
    </fieldset>
  );
}
