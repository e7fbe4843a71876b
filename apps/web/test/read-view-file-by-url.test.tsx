/**
 * GitBook's file given by address (`{% file src="https://..." %}`), which the server's reader
 * keeps as text: the read view shows it as a file card, named by its file name, its caption
 * below, linking to the address; a near miss (a script address, markup in the caption) stays text.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../src/content/markdown';

describe('a file given by address in the read view', () => {
  it('is a file card linking to the address, with its caption', () => {
    render(
      <Markdown
        text={'{% file src="https://files.example/docs/user%20manual.pdf" %}\nThe manual\n{% endfile %}\n'}
        anchors
      />,
    );
    const link = screen.getByRole('link', { name: /user manual\.pdf/ });
    expect(link).toHaveAttribute('href', 'https://files.example/docs/user%20manual.pdf');
    expect(link).toHaveTextContent('The manual');
    expect(document.body.textContent).not.toContain('{% file');
  });

  it('without a caption, says Download', () => {
    render(<Markdown text={'{% file src="https://files.example/a.zip" %}\n{% endfile %}\n'} anchors />);
    expect(screen.getByRole('link', { name: /a\.zip/ })).toHaveTextContent('Download');
  });

  it('stays text when it is not one', () => {
    render(<Markdown text={'{% file src="javascript:alert(1)" %}\nx\n{% endfile %}\n'} anchors />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(document.body.textContent).toContain('{% file');
  });
});
