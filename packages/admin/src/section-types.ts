/**
 * What a console section is: its Refine resources (the sider menu entries) and its routes. Each
 * pages/<section>/section.tsx exports one; sections.tsx imports them and lists them in menu order.
 * This module imports no section and nothing of sections.tsx, so a section never imports the list
 * that imports it.
 */
import type { ResourceProps } from '@refinedev/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';

export interface ConsoleSection {
  resources(t: TFunction): ResourceProps[];
  routes: ReactNode;
}
