import Auth from './services/auth';
import { build } from './services/auth.js';
import { MemoryRepo } from './services/repo';

export function App() {
  const auth = new Auth(new MemoryRepo());
  return <button onClick={() => build().login('x')}>{auth.helper()}</button>;
}
