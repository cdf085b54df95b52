export function CoachingPage() {
  return <main className="p-8 text-2xl font-bold">CoachingPage</main>;
}
