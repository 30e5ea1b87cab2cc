import { useSelection } from './use-selection';

export type EditMode = ReturnType<typeof useEditMode>;

/** What an item of an editable list is told: in edit mode a tap ticks it, otherwise it opens. */
export interface EditableItemProps<T> {
  item: T;
  editing: boolean;
  selected: boolean;
  onTap: () => void;
}

/** Edit mode over a loaded list: the selection, the ids for "select all", and each item's props. */
export function useEditMode(
  /** The list as loaded: "select all" takes every item's id. */
  items: readonly { relate_id: number }[],
  remove: { isPending: boolean; mutate: (ids: number[], options: { onSuccess: () => void }) => void },
) {
  const selection = useSelection();
  return {
    ...selection,
    ids: items.map((item) => item.relate_id),
    remove,
    itemProps: (id: number, open: () => void) => ({
      editing: selection.editing,
      selected: selection.selected.has(id),
      onTap: () => (selection.editing ? selection.toggle(id) : open()),
    }),
  };
}
