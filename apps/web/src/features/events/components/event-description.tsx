import Markdown from 'react-markdown';

/**
 * The board's Markdown as text, lists, emphasis and links; any HTML in it is dropped
 * (`skipHtml`, no raw-HTML plugin) and unsafe link targets are removed by react-markdown.
 */
export function EventDescription({ markdown }: { markdown: string }) {
  if (!markdown.trim()) return null;
  return (
    <div className="event-description">
      <Markdown
        skipHtml
        components={{
          h1: 'h3',
          h2: 'h3',
          a: ({ href, children }) => (
            <a href={href} rel="noopener noreferrer nofollow" target="_blank">
              {children}
            </a>
          ),
        }}
      >
        {markdown}
      </Markdown>
    </div>
  );
}
