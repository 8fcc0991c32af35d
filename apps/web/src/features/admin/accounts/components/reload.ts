/** Loads the app afresh at `path`, after a switch of account: every cached query belonged to the other one. */
export function reloadAt(path: string): void {
  window.location.assign(path);
}
