export function MobileLoginPage() {
  return <main className="p-8 text-2xl font-bold">MobileLoginPage</main>;
}
