import { contextBridge, ipcRenderer } from 'electron';

// The renderer gets one function and nothing of ipcRenderer.
contextBridge.exposeInMainWorld('api', {
  call: (name: string, input?: unknown) => ipcRenderer.invoke('ops:call', name, input),
});
