// Fields the command palette can put the focus on, found by id because they belong to
// screens that may not be mounted yet when the command runs.
export const FOCUS_TARGETS = {
  inspectorFilter: 'inspector-filter',
  clockInput: 'bank-clock-input',
} as const;

type FocusTarget = (typeof FOCUS_TARGETS)[keyof typeof FOCUS_TARGETS];

// A screen switch renders on a later frame; half a second is far more than it takes.
const MAX_FRAMES = 30;

/** Focuses the field once its screen has rendered. */
export function focusWhenShown(id: FocusTarget, framesLeft = MAX_FRAMES): void {
  requestAnimationFrame(() => {
    const element = document.getElementById(id);
    if (element) element.focus();
    else if (framesLeft > 0) focusWhenShown(id, framesLeft - 1);
  });
}
