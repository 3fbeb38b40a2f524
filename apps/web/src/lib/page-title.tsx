import { PRODUCT_NAME } from './env';

/**
 * Sets the document title to "{title} | Rollbook". React 19 hoists `<title>` into the head, so a
 * page just renders this next to its content.
 */
export function PageTitle({ title }: { title: string }) {
  return <title>{`${title} | ${PRODUCT_NAME}`}</title>;
}
