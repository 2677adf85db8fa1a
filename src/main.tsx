import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadInitialLanguage } from './lib/i18n';

// The page's language arrives as a chunk of its own; drawing waits for it, so no text shows untranslated.
void loadInitialLanguage().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
