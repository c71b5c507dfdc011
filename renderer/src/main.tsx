import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/charts/styles.css';
import 'dayjs/locale/nb';
import { createTheme, MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router-dom';
import { App } from './app/App';
import './i18n';

const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});

createRoot(document.getElementById('root')!).render(
  <MantineProvider theme={theme}>
    <DatesProvider settings={{ locale: 'nb', firstDayOfWeek: 1 }}>
      <Notifications position="bottom-right" />
      <HashRouter>
        <App />
      </HashRouter>
    </DatesProvider>
  </MantineProvider>,
);
