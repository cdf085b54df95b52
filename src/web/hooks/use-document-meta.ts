import { useEffect } from 'react';

function metaTag(attr: 'name' | 'property', key: string): HTMLMetaElement {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  return el;
}

/**
 * Sets the page title and its description meta tags (also Open Graph) while the page is shown,
 * and puts the previous values back when it leaves.
 */
export function useDocumentMeta(title: string, description: string) {
  useEffect(() => {
    const tags = [metaTag('name', 'description'), metaTag('property', 'og:title'), metaTag('property', 'og:description')];
    const previous = { title: document.title, contents: tags.map((t) => t.getAttribute('content')) };
    const [desc, ogTitle, ogDesc] = tags as [HTMLMetaElement, HTMLMetaElement, HTMLMetaElement];
    document.title = title;
    desc.content = description;
    ogTitle.content = title;
    ogDesc.content = description;
    return () => {
      document.title = previous.title;
      tags.forEach((t, i) => {
        const content = previous.contents[i];
        if (content == null) t.remove();
        else t.content = content;
      });
    };
  }, [title, description]);
}

/** Sets the page title while the page is shown (not a `<title>` element: the renderer does not hoist it, decision 023). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
