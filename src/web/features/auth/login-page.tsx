export function LoginPage() {
  return <main className="p-8 text-2xl font-bold">LoginPage</main>;
}
