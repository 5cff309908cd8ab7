/** Stands in for a piece of personal data that is not recorded. */
export function NotGiven() {
  return <span className="text-body-secondary">keine Angabe</span>;
}
