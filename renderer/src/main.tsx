import { createRoot } from 'react-dom/client';

function App() {
  return <div>Kvitt</div>;
}

createRoot(document.getElementById('root')!).render(<App />);
