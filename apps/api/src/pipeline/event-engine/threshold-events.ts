import type { EventContext } from './types';
import { numeric } from './types';

const TEMPERATURE_KEY = /^(temp\d+|deviceTemp)$/;

/**
 * deviceFuelDrop / deviceFuelIncrease: attributes.fuel changed from the previous position's by at least the
 * device's (inherited) threshold. temperatureDrop / temperatureIncrease: the same for each temperature
 * sensor (temp1, temp2, …, deviceTemp). A threshold of 0 turns the event off.
 */
export function thresholdEvents(ctx: EventContext): void {
  const { last, settings } = ctx;
  if (!last) return;
  const attributes = ctx.position.attributes;
  if (settings.fuelDropThreshold > 0 || settings.fuelIncreaseThreshold > 0) {
    const fuel = numeric(attributes.fuel);
    const before = numeric(last.attributes.fuel);
    if (fuel !== null && before !== null) {
      if (settings.fuelDropThreshold > 0 && before - fuel >= settings.fuelDropThreshold) {
        ctx.emit('deviceFuelDrop', { attributes: { fuel, previous: before, threshold: settings.fuelDropThreshold } });
      } else if (settings.fuelIncreaseThreshold > 0 && fuel - before >= settings.fuelIncreaseThreshold) {
        ctx.emit('deviceFuelIncrease', {
          attributes: { fuel, previous: before, threshold: settings.fuelIncreaseThreshold },
        });
      }
    }
  }
  if (settings.temperatureDropThreshold <= 0 && settings.temperatureIncreaseThreshold <= 0) return;
  for (const key in attributes) {
    if (!TEMPERATURE_KEY.test(key)) continue;
    const value = numeric(attributes[key]);
    const before = numeric(last.attributes[key]);
    if (value === null || before === null) continue;
    if (settings.temperatureDropThreshold > 0 && before - value >= settings.temperatureDropThreshold) {
      ctx.emit('temperatureDrop', {
        attributes: { sensor: key, value, previous: before, threshold: settings.temperatureDropThreshold },
      });
    } else if (settings.temperatureIncreaseThreshold > 0 && value - before >= settings.temperatureIncreaseThreshold) {
      ctx.emit('temperatureIncrease', {
        attributes: { sensor: key, value, previous: before, threshold: settings.temperatureIncreaseThreshold },
      });
    }
  }
}
