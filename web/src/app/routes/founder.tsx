export default function Page() {
  return <h1>founder</h1>;
}
