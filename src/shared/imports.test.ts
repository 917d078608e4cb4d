import { describe, expect, it } from 'bun:test'
import { jsonRecords, notALinkFile } from './imports'

describe('notALinkFile', () => {
  it('names SQL dumps, spreadsheets, web pages and binary files, with what to do', () => {
    expect(notALinkFile('-- MySQL dump 10.13\n--\n\n/*!40101 SET NAMES utf8mb4 */;\nDROP TABLE IF EXISTS `yourls_url`;')).toContain('an SQL dump')
    expect(notALinkFile('-- phpMyAdmin SQL Dump\n-- version 5.2.1\n\nSET SQL_MODE = "NO_AUTO_VALUE_ON_ZERO";')).toContain('an SQL dump')
    expect(notALinkFile('INSERT INTO yourls_url VALUES (1);')).toContain('export the result as CSV')
    expect(notALinkFile('PK\u0003\u0004\u0014\u0000')).toContain('Save the sheet as CSV')
    expect(notALinkFile('<!doctype html><html>')).toContain('a web page')
    expect(notALinkFile('url\nhttps://example.com/\u0000')).toContain('a binary file')
  })

  it('leaves CSV and JSON exports alone, whatever their first column is called', () => {
    for (const file of ['url,title\nhttps://example.com/,A', 'Set name,url\nspring,https://example.com/', 'Insert date;url\n2024-01-01;https://example.com/', '{"data":[]}', '\uFEFFkeyword\turl\n'])
      expect(notALinkFile(file), file).toBeUndefined()
  })
})

describe('jsonRecords', () => {
  it("finds the links of a list, Kutt's data, Shlink's shortUrls.data and YOURLS' links", () => {
    const link = { url: 'https://example.com/' }
    expect(jsonRecords([link])).toEqual([link])
    expect(jsonRecords({ data: [link], total: 1 })).toEqual([link])
    expect(jsonRecords({ shortUrls: { data: [link], pagination: {} } })).toEqual([link])
    expect(jsonRecords({ links: { link_1: link }, stats: {} })).toEqual([link])
    expect(jsonRecords({ shortUrls: { data: [] } })).toBeUndefined()
    expect(jsonRecords({ message: 'nope' })).toBeUndefined()
  })
})
