import { EnergyPack } from '@otkrytka/contract';
import { z } from 'zod';
import data from './packs.json';

/**
 * The yang energy packs sold for Stars: data (`packs.json`), checked when the server starts. A
 * pack's contents never change under its id: a new size or price is a new id, so an order paid
 * after a change still credits what was bought.
 */
export const ENERGY_PACKS: readonly EnergyPack[] = z.array(EnergyPack).parse(data);
export const packById = (id: string) => ENERGY_PACKS.find((p) => p.id === id);
