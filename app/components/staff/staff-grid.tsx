import { imagePriorityAt } from "../directory/image-priority";
import { StaffCard, type StaffCardData } from "./staff-card";

/** Staff cards in a grid (two columns on a phone). */
export function StaffGrid({
  staff,
  now,
  testId,
  showStore = true,
  className = "grid grid-cols-2 gap-3 sm:grid-cols-3",
  aboveTheFold = false,
}: {
  staff: readonly StaffCardData[];
  now: string;
  testId?: string;
  showStore?: boolean;
  className?: string;
  /** The grid starts above the fold: its first pictures load at once (see image-priority.ts). */
  aboveTheFold?: boolean;
}) {
  return (
    <ul className={className} data-testid={testId}>
      {staff.map((member, index) => (
        <li key={member.uid}>
          <StaffCard
            staff={member}
            now={now}
            showStore={showStore}
            imagePriority={aboveTheFold ? imagePriorityAt(index) : "lazy"}
          />
        </li>
      ))}
    </ul>
  );
}
