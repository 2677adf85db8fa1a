/**
 * The demo's one "Request full account" dialog, shared by every demo screen: the layout owns its
 * statechart and hands the screens a way to open it.
 */
import { createContext, useContext } from 'react';

export const RequestAccountContext = createContext<() => void>(() => {});

/** Opens the "Request full account" dialog. */
export const useRequestAccount = () => useContext(RequestAccountContext);
