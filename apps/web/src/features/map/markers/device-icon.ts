import type { Device } from '@waymark/contracts/device';
import L from 'leaflet';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { categoryIcon } from './category-icons';
import { STATUS_COLORS } from './status-colors';

const svgCache = new Map<string, string>();
const iconCache = new Map<string, L.DivIcon>();

/** The category's icon as inline SVG markup (rendered once per category). */
export function categorySvg(category: string | null | undefined): string {
  const key = category ?? 'default';
  let svg = svgCache.get(key);
  if (!svg) {
    svg = renderToStaticMarkup(createElement(categoryIcon(category), { size: 18, stroke: 2, color: '#fff' }));
    svgCache.set(key, svg);
  }
  return svg;
}

/**
 * A device marker: a disc coloured by status with the category icon, and a pointer rotated by course.
 * Icons are shared between markers (course rounded to 10°), so 10,000 markers cost a handful of icons.
 */
export function deviceIcon(
  category: string | null | undefined,
  status: Device['status'],
  course: number,
  selected: boolean,
): L.DivIcon {
  const angle = Math.round(course / 10) * 10;
  const key = `${category ?? 'default'}|${status}|${angle}|${selected ? 1 : 0}`;
  let icon = iconCache.get(key);
  if (!icon) {
    const color = STATUS_COLORS[status];
    const ring = selected ? 'box-shadow:0 0 0 3px #5D87FF;' : '';
    icon = L.divIcon({
      className: 'wm-device-marker',
      iconSize: [32, 32],
      iconAnchor: [16, 16],
      html:
        `<div style="position:relative;width:32px;height:32px;transform:rotate(${angle}deg)">` +
        `<span style="position:absolute;left:11px;top:-7px;border:5px solid transparent;border-bottom:8px solid ${color}"></span></div>` +
        `<div style="position:absolute;inset:3px;border-radius:50%;background:${color};${ring}` +
        'display:flex;align-items:center;justify-content:center;border:2px solid #fff">' +
        `${categorySvg(category)}</div>`,
    });
    iconCache.set(key, icon);
  }
  return icon;
}

const clusterCache = new Map<string, L.DivIcon>();

/** A cluster as a count badge; size grows with the count. */
export function clusterIcon(count: number, label: string): L.DivIcon {
  const text = count >= 1000 ? `${Math.round(count / 100) / 10}k` : String(count);
  const size = count < 10 ? 30 : count < 100 ? 36 : count < 1000 ? 42 : 48;
  const key = `${text}|${size}|${label}`;
  let icon = clusterCache.get(key);
  if (!icon) {
    icon = L.divIcon({
      className: 'wm-cluster-marker',
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
      html:
        `<div role="img" aria-label="${label}" style="width:${size}px;height:${size}px;border-radius:50%;` +
        'background:rgba(93,135,255,.85);border:3px solid rgba(255,255,255,.8);color:#fff;font:600 12px sans-serif;' +
        `display:flex;align-items:center;justify-content:center">${text}</div>`,
    });
    clusterCache.set(key, icon);
  }
  return icon;
}
