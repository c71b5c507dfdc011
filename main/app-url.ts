/**
 * Which URLs are the app's own frame: in development the exact origin of the dev server, in production files
 * under the built renderer folder. A prefix match on the origin string would let http://localhost:51730 pass
 * for http://localhost:5173, and file:///…/renderer-evil for file:///…/renderer.
 */
export function appUrlCheck(devUrl: string | undefined, rendererFolderUrl: string): (url: string) => boolean {
  if (devUrl) {
    const origin = new URL(devUrl).origin;
    return (url) => {
      try {
        return new URL(url).origin === origin;
      } catch {
        return false;
      }
    };
  }
  const folder = rendererFolderUrl.endsWith('/') ? rendererFolderUrl : rendererFolderUrl + '/';
  return (url) => url.startsWith(folder) && !url.slice(folder.length).split(/[?#]/)[0].split('/').includes('..');
}
