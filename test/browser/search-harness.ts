/*
 * Test harness: installs the search on a built page the way the client entry does (the entry calls
 * `installSearch()` too; the second call is a no-op), so the search tests do not depend on that wiring.
 */
import { installSearch } from '../../src/client/search/install-search';

installSearch();
(window as Window & { __searchHarness?: boolean }).__searchHarness = true;
