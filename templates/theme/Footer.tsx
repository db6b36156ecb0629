import type { FooterProps } from '../../src/shared/theme-components';
import { SmartLink } from '../Link';
import { overridable } from '../theme-components';

/** The footer: the config's columns of links, and its copyright. */
function FooterOriginal({ footer }: FooterProps) {
  return (
    <footer className="footer">
      <div className="container footer-columns">
        {footer.columns.map((column) => (
          <div key={column.title} className="footer-column">
            <p className="footer-title">{column.title}</p>
            <ul>
              {column.items.map((item) =>
                'html' in item ? (
                  // Markup the site's maintainers wrote in its config, as Docusaurus shows it.
                  <li key={item.html} className="footer-item-html" dangerouslySetInnerHTML={{ __html: item.html }} />
                ) : (
                  <li key={item.label}>
                    <SmartLink item={item} className="footer-link" />
                  </li>
                ),
              )}
            </ul>
          </div>
        ))}
      </div>
      <p className="footer-copyright">{footer.copyright}</p>
    </footer>
  );
}

export const Footer = overridable('Footer', FooterOriginal);
