import { contextBridge, ipcRenderer } from 'electron';

// The renderer gets four functions and nothing of ipcRenderer: run an operation, save an operation's file where the
// person chooses (written to disk chunk by chunk), open the EHF folder in the file manager, and listen to the push
// channel (shipment status, job progress).
// Connected to an office server (Settings → Data) the window shows the server's GUI, which talks HTTPS to its server:
// no local operations then.
if (!process.argv.includes('--kvitt-remote')) {
  contextBridge.exposeInMainWorld('api', {
    call: (name: string, input?: unknown) => ipcRenderer.invoke('ops:call', name, input),
    save: (name: string, input?: unknown) => ipcRenderer.invoke('ops:save', name, input),
    openEhfFolder: () => ipcRenderer.invoke('folders:openEhf'),
    onEvent: (listener: (event: unknown) => void) => {
      const forward = (_e: unknown, event: unknown) => listener(event);
      ipcRenderer.on('push:event', forward);
      return () => void ipcRenderer.removeListener('push:event', forward);
    },
  });
}
// Settings → Data: where this desktop app's data is (main/office-server/connection.ts).
contextBridge.exposeInMainWorld('desktop', {
  getConnection: () => ipcRenderer.invoke('connection:get'),
  setConnection: (input: unknown) => ipcRenderer.invoke('connection:set', input),
});
