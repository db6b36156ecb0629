import { createContext } from 'react';
import type { SidebarItem } from '../src/shared/sidebar';

/**
 * Loads a part of the current sidebar (the items of a large sidebar's category kept in a file of their own).
 * Only the browser provides it: on the server a category's items are always there.
 */
export const SidebarPartContext = createContext<((part: number) => Promise<SidebarItem[]>) | undefined>(undefined);
