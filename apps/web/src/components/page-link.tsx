import { type AnchorHTMLAttributes, type ComponentType, createContext, type Ref, use } from 'react';

/** What a link to another page of the app takes: its address as `to`, and the attributes of an `<a>`. */
export interface PageLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  ref?: Ref<HTMLAnchorElement>;
}

/** A plain link: the browser loads the page. */
function PlainLink({ to, ...props }: PageLinkProps) {
  return <a href={to} {...props} />;
}

/**
 * How a shared component links to another page: the app provides its router's `Link` (app/layout/app-layout.tsx),
 * the signed-out entry its own switch between the login and the sign-up (app/signed-out-app.tsx); without either,
 * a plain link. So the signed-out forms, the logo and the header need no router of their own.
 */
export const PageLinkContext = createContext<ComponentType<PageLinkProps>>(PlainLink);

/** A link to another page of the app, through whatever the page provides (`PageLinkContext`). */
export function PageLink(props: PageLinkProps) {
  const Link = use(PageLinkContext);
  return <Link {...props} />;
}
