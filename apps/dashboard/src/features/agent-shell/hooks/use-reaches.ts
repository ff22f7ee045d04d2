import { createContext, useContext } from 'react';

/**
 * Whether the signed-in person's role reaches a path: the app answers from its route table, so the
 * menu and the top tabs never offer a screen that would show the role's refusal. Without a
 * provider every path is reached (the menus as the domain lists them).
 */
export const ReachesContext = createContext<(path: string) => boolean>(() => true);

export function useReaches(): (path: string) => boolean {
  return useContext(ReachesContext);
}
