// Vite's worker import suffix, for the editor worker of Monaco (screens/editor/monaco-setup.ts).
declare module '*?worker' {
  const WorkerConstructor: new (options?: { name?: string }) => Worker;
  export default WorkerConstructor;
}
