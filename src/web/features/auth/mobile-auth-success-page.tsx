export function MobileAuthSuccessPage() {
  return <main className="p-8 text-2xl font-bold">MobileAuthSuccessPage</main>;
}
