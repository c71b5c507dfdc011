/** Vite's `?worker` imports give a Worker constructor for a bundled module (used for the pdf.js worker). */
declare module '*?worker' {
  const WorkerConstructor: new () => Worker;
  export default WorkerConstructor;
}
