import type { LogoProps } from '../../src/shared/theme-components';
import { overridable } from '../theme-components';

/** The logo (light and dark) and the title, linking to the home page: in the navbar and the mobile menu. */
function LogoOriginal({ chrome }: LogoProps) {
  const { logo } = chrome.navbar;
  // The image's own proportions (a wordmark is wide) unless the config gives a size, as Docusaurus does.
  const size = {
    ...(logo?.width === undefined ? {} : { width: logo.width }),
    ...(logo?.height === undefined ? {} : { height: logo.height }),
  };
  return (
    <a className="navbar-brand" href={chrome.baseUrl}>
      {logo && (
        <>
          <img className="logo logo-light" src={`${chrome.baseUrl}${logo.src}`} alt={logo.alt} style={size} />
          <img className="logo logo-dark" src={`${chrome.baseUrl}${logo.srcDark}`} alt={logo.alt} style={size} />
        </>
      )}
      <span className="navbar-title">{chrome.navbar.title}</span>
    </a>
  );
}

export const Logo = overridable('Logo', LogoOriginal);
