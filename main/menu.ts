import { BrowserWindow, Menu } from 'electron';

/** A plain application menu; the keyboard shortcuts for documents live in the renderer. */
export function buildMenu(win: BrowserWindow, actions: { checkForUpdates(): void }): void {
  const menu = Menu.buildFromTemplate([
    {
      label: 'Kvitt',
      submenu: [
        { role: 'about' },
        // One check the user asks for (main/updater.ts); the automatic one follows Settings → Data.
        { label: 'Se etter oppdateringer …', click: () => actions.checkForUpdates() },
        { type: 'separator' },
        { role: 'quit', label: 'Avslutt' },
      ],
    },
    { label: 'Rediger', submenu: [{ role: 'undo' }, { role: 'redo' }, { type: 'separator' }, { role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { role: 'selectAll' }] },
    { label: 'Vis', submenu: [{ role: 'reload' }, { role: 'toggleDevTools' }, { type: 'separator' }, { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }] },
  ]);
  Menu.setApplicationMenu(menu);
  void win;
}
