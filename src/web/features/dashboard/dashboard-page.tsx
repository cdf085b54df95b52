export function DashboardPage() {
  return <main className="p-8 text-2xl font-bold">DashboardPage</main>;
}
