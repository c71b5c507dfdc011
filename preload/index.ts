import { contextBridge, ipcRenderer } from 'electron';

// The renderer gets one function and nothing of ipcRenderer. Connected to an office server (Settings → Data) the window
// shows the server's GUI, which talks HTTPS to its server: no local operations then.
if (!process.argv.includes('--kvitt-remote')) {
  contextBridge.exposeInMainWorld('api', {
    call: (name: string, input?: unknown) => ipcRenderer.invoke('ops:call', name, input),
  });
}
// Settings → Data: where this desktop app's data is (main/office-server/connection.ts).
contextBridge.exposeInMainWorld('desktop', {
  getConnection: () => ipcRenderer.invoke('connection:get'),
  setConnection: (input: unknown) => ipcRenderer.invoke('connection:set', input),
});
