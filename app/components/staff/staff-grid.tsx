import { StaffCard, type StaffCardData } from "./staff-card";

/** Staff cards in a grid (two columns on a phone). */
export function StaffGrid({
  staff,
  now,
  testId,
  showStore = true,
  className = "grid grid-cols-2 gap-3 sm:grid-cols-3",
}: {
  staff: readonly StaffCardData[];
  now: string;
  testId?: string;
  showStore?: boolean;
  className?: string;
}) {
  return (
    <ul className={className} data-testid={testId}>
      {staff.map((member) => (
        <li key={member.uid}>
          <StaffCard staff={member} now={now} showStore={showStore} />
        </li>
      ))}
    </ul>
  );
}
