import { useEffect, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { useRouterState } from './hash-router';
import { useNavigate } from './hooks';

/** Replaces (or pushes) `to` once rendered: a redirect. */
export function Navigate({ to, replace = false }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** An in-app link: a real `#/…` href (long-press, open in a new tab), an in-app navigation on tap. */
export function Link({ to, onClick, target, ...rest }: LinkProps) {
  const { history } = useRouterState();
  const navigate = useNavigate();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || modified || (target && target !== '_self')) return;
    event.preventDefault();
    navigate(to);
  };
  return <a {...rest} href={history.createHref(to)} target={target} onClick={handleClick} />;
}
