import { useState } from 'react';

/** Edit-mode selection for batch actions (bookshelf, history). */
export function useSelection() {
  const [editing, setEditing] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  return {
    editing,
    selected,
    toggleEditing: () => {
      setEditing((on) => !on);
      setSelected(new Set());
    },
    toggle: (id: number) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    setAll: (ids: readonly number[]) =>
      setSelected((current) => (current.size === ids.length ? new Set() : new Set(ids))),
    clear: () => setSelected(new Set()),
  };
}
