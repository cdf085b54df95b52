export function HomePage() {
  return <main className="p-8 text-2xl font-bold">HomePage</main>;
}
