import { CommandPanel } from '../features/commands/components/command-panel';

export function CommandPage() {
  return <CommandPanel />;
}
