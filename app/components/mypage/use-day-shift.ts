import { useEffect, useState } from "react";
import { autoSelectedEnd, endChoices, SHIFT_END_CHOICES } from "~/domain/schedule-times";

/**
 * The start and end of one day of the week form (docs/product.md): a blank start is a day off, and
 * a new start moves the end along (an end that is no longer a choice becomes LAST). Ends run from the
 * start through 23:50, then 翌0:00 … 翌6:00 ("24:00" … "30:00"), then LAST (ADR 0059).
 * The values start again from the page's when those change (another week, a refused post).
 */
export function useDayShift(initialStart: string, initialEnd: string) {
  const [start, setStart] = useState(initialStart);
  const [end, setEnd] = useState(initialEnd);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    setStart(initialStart);
    setEnd(initialEnd);
  }, [initialStart, initialEnd]);

  const chooseStart = (next: string) => {
    setStart(next);
    setEnd(next === "" ? "" : autoSelectedEnd(next, end));
  };
  // Without JavaScript every end is offered (the server checks the pair); with it, the end choices
  // begin at the start, and the end follows when the start moves past it.
  const ends = hydrated ? (start === "" ? [] : endChoices(start)) : [...SHIFT_END_CHOICES];
  return { start, end, ends, off: start === "", hydrated, chooseStart, chooseEnd: setEnd };
}
