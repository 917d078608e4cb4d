import { createRoot } from 'react-dom/client'

createRoot(document.getElementById('root')!).render(<h1>Linkcard</h1>)
