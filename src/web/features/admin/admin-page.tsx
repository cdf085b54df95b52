export function AdminPage() {
  return <main className="p-8 text-2xl font-bold">AdminPage</main>;
}
