import { describe, expect, it } from 'vitest';
import { ActivityFileError } from '../../../domain/activities/activities';
import { attribute, child, descendants, MAX_ELEMENTS, parseXml, text } from './xml';

const problem = (s: string) => {
  try {
    parseXml(s);
  } catch (error) {
    expect(error).toBeInstanceOf(ActivityFileError);
    return (error as ActivityFileError).problem;
  }
  return null;
};

describe('the small XML reader', () => {
  it('reads elements by local name, attributes in either quotes, text, CDATA, comments and references', () => {
    const root = parseXml(`<?xml version="1.0"?>
<!-- dari jam -->
<g:gpx xmlns:g="x" version='1.1'><trk><name>Lari &amp; santai &#x1F3C3;&#65;</name><desc><![CDATA[<pagi> & cerah]]></desc><trkpt lat="1&quot;" lon='2'/></trk></g:gpx>`);
    expect(root.name).toBe('gpx');
    expect(attribute(root, 'version')).toBe('1.1');
    const trk = child(root, 'trk')!;
    expect(text(child(trk, 'name'))).toBe('Lari & santai 🏃A');
    expect(text(child(trk, 'desc'))).toBe('<pagi> & cerah');
    expect(attribute(descendants(root, 'trkpt')[0]!, 'lat')).toBe('1"');
  });

  it('refuses what is not well-formed', () => {
    for (const bad of ['<a><b></a></b>', '<a>', '<a></a><b></b>', 'teks<a/>', '<a>x & y</a>', '<a>&nbsp;</a>', '<a b=1/>', '<a b="<"/>', '<a b="1"c="2"/>', '<a><!-- x', '<a><![CDATA[x</a>', '<?xml', '', '<1a/>', '<a>&#0;</a>']) {
      expect(problem(bad), bad).toBe('badXml');
    }
  });

  it('refuses declarations without expanding anything', () => {
    expect(problem('<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>')).toBe('xmlDoctype');
    expect(problem('<a><!ELEMENT b ANY></a>')).toBe('xmlDoctype');
  });

  it('bounds the number of elements, and nesting costs no stack', () => {
    expect(problem(`<a>${'<b/>'.repeat(MAX_ELEMENTS)}</a>`)).toBe('badXml');
    const depth = 300_000;
    const root = parseXml(`${'<a>'.repeat(depth)}<hr>150</hr>${'</a>'.repeat(depth)}`);
    expect(text(descendants(root, 'hr')[0]!)).toBe('150');
  });
});
