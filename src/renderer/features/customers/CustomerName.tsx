/** A customer's name as the shopkeeper wrote it: never translated, in any script. */
export function CustomerName({ name, fallback }: { name: string; fallback: string }) {
  if (!name) return <span className="customer-unnamed">{fallback}</span>;
  return (
    <strong className="customer-name" translate="no" lang="">
      {name}
    </strong>
  );
}
